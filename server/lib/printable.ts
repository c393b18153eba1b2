// Text from outside (a service's records, a mail server's reply, a content path) as it may
// be shown on an operator's terminal or put in a message: control characters, and with
// them escape sequences, removed; lines and tabs kept.

/** The text without control characters (C0 but newline and tab, DEL, C1). */
export const printable = (text: string) => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
