/**
 * Why a received file is not an EN 16931 invoice this code books. The booking answers it as 400
 * `EINVOICE_UNREADABLE`; the reason is for the log and the tests, never shown as the message.
 */
export class EinvoiceUnreadable extends Error {
  constructor(readonly reason: string) {
    super(`Not a readable e-invoice: ${reason}`);
    this.name = 'EinvoiceUnreadable';
  }
}
