import type { ButtonHTMLAttributes, Ref } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'normal' | 'big';
  ref?: Ref<HTMLButtonElement>;
}

/** The app's button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', size = 'normal', className, type, ...rest }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, size === 'big' ? 'btn-big' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type ?? 'button'} className={classes} {...rest} />;
}
