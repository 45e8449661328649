// A copy of functions/domain/invoices/pdf/writer.ts (the e-invoice module imports nothing from the domain
// while the domain moves into area folders); one of the two goes once the move has landed.
import { type PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import type { FontName } from './fonts';
import { type FontSet, type Run, runsWidth, textWidth, wrap } from './text';

/** A4 in points, and the margins of every page. */
const PAGE: [number, number] = [595.28, 841.89];
export const MARGIN = 50;
export const CONTENT_WIDTH = PAGE[0] - 2 * MARGIN;

const GREY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);

export interface TextStyle {
  size?: number;
  bold?: boolean;
  grey?: boolean;
  /** Right-aligned at `x + width` instead of left-aligned at `x`. */
  right?: boolean;
}

/** Writes text top to bottom, starting a new page whenever the next line would not fit. */
export class Writer {
  private page: PDFPage;
  /** The baseline of the next line. */
  y = 0;
  pages = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: FontSet,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    this.page = this.doc.addPage(PAGE);
    this.pages++;
    this.y = PAGE[1] - MARGIN;
    return this.page;
  }

  /** Makes room for `height` points, on a new page if this one is full. */
  ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.ensure(8);
    this.y -= 5;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: GREY,
    });
    this.y -= 3;
  }

  /** Draws one line of runs at the current baseline (does not advance). */
  drawRuns(runs: Run[], x: number, style: TextStyle, width = 0): void {
    const size = style.size ?? 10;
    let at = style.right ? x + width - runsWidth(runs, size) : x;
    for (const run of runs) {
      if (run.text.length === 0) continue;
      this.page.drawText(run.text, {
        x: at,
        y: this.y,
        size,
        font: run.font,
        color: style.grey ? GREY : BLACK,
      });
      at += textWidth(run.font, run.text, size);
    }
  }

  /** The text wrapped to `width`, as lines of runs. */
  lines(text: string, width: number, style: TextStyle): Promise<Run[][]> {
    const base: FontName = style.bold ? 'bold' : 'sans';
    return wrap(this.fonts, text, style.size ?? 10, width, base);
  }

  /** A paragraph at `x`, wrapped to `width`, advancing past it. */
  async paragraph(text: string, style: TextStyle = {}, x = MARGIN, width = CONTENT_WIDTH): Promise<void> {
    const size = style.size ?? 10;
    for (const line of await this.lines(text, width, style)) {
      this.ensure(size * 1.4);
      this.y -= size * 1.4;
      this.drawRuns(line, x, style, width);
    }
  }

  /**
   * A row of columns, each wrapped to its width; the row is as tall as its tallest cell and is kept
   * on one page when it fits on one.
   */
  async row(cells: { text: string; x: number; width: number; style?: TextStyle }[]): Promise<void> {
    const wrapped = await Promise.all(cells.map((c) => this.lines(c.text, c.width, c.style ?? {})));
    const heights = cells.map((c) => (c.style?.size ?? 10) * 1.4);
    const count = Math.max(...wrapped.map((w) => w.length));
    const lineHeight = Math.max(...heights);
    if (count * lineHeight < PAGE[1] - 2 * MARGIN) this.ensure(count * lineHeight);
    for (let i = 0; i < count; i++) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      cells.forEach((c, j) => {
        const line = wrapped[j]![i];
        if (line) this.drawRuns(line, c.x, c.style ?? {}, c.width);
      });
    }
  }
}
