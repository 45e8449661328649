import { useEffect, useState } from 'react';

/**
 * A QR code of `text` as an image. The QR library is loaded only when one is shown (turning on
 * two-factor sign-in), so it is not part of the first screen's scripts. Drawn as SVG: sharp at any
 * size and without a canvas.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string>();

  useEffect(() => {
    let current = true;
    import('qrcode')
      // A CommonJS package: the bundle's namespace has its exports under `default`.
      .then((mod) =>
        ((mod as unknown as { default?: typeof mod }).default ?? mod).toString(text, {
          type: 'svg',
          margin: 2,
        }),
      )
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // No image: the key is shown as text beside it, and can be typed in instead.
      });
    return () => {
      current = false;
    };
  }, [text]);

  return src ? <img className="qr-code" src={src} alt={label} width={200} height={200} /> : null;
}
