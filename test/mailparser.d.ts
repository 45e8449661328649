/**
 * The part of `mailparser` (a dev dependency without types of its own; the local SES parses with
 * it) that the MIME tests read messages back with.
 */
declare module 'mailparser' {
  interface AddressObject {
    value: { name: string; address?: string }[];
    text: string;
  }
  export interface ParsedMail {
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    replyTo?: AddressObject;
    text?: string;
    html: string | false;
    headers: Map<string, unknown>;
    attachments: { filename?: string; contentType: string; content: Buffer }[];
  }
  export function simpleParser(source: Buffer | string): Promise<ParsedMail>;
}
