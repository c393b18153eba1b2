import type { Pattern } from "./fields";

// Formats the build (and later the editor) insist on. Each regex is anchored.

export const EMAIL: Pattern = {
  regex: "^[^\\s@]+@[^\\s@]+\\.[A-Za-z]{2,}$",
  message: "must be an e-mail address such as info@company.in",
};

// Digits with optional +, spaces, hyphens and brackets; 8 to 15 digits in all (E.164).
export const PHONE: Pattern = {
  regex: "^\\+?(?:[\\s()-]*\\d){8,15}[\\s()-]*$",
  message: "must be a phone number such as +91 98765 43210 (8 to 15 digits)",
};

// State code, PAN, entity number, 'Z', check character (15 characters, capitals).
export const GSTIN: Pattern = {
  regex: "^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$",
  message: "must be a 15-character GSTIN such as 27AAPFU0939F1ZV",
};

// A postal code as the post writes it: India's six-digit PIN, or another country's letters and digits.
export const POSTAL_CODE: Pattern = {
  regex: "^[A-Z0-9][A-Z0-9 -]{2,9}$",
  message: "must be a postal code such as 411026 (capital letters, digits, spaces and '-')",
};

// ISO 3166-1 alpha-2, as search engines read an address's country.
export const COUNTRY: Pattern = {
  regex: "^[A-Z]{2}$",
  message: "must be the country's two-letter code, such as IN for India or DE for Germany",
};

// A time of day on the 24-hour clock.
export const TIME: Pattern = {
  regex: "^(?:[01][0-9]|2[0-3]):[0-5][0-9]$",
  message: "must be a time on the 24-hour clock such as 09:00 or 17:30",
};

export const HTTPS_URL: Pattern = {
  regex: "^https://[^\\s]+$",
  message: "must be a full address starting with https://",
};

// A page of this site ("/", "/hard_anodizing", "/#clients"), an https:// address or a mailto: link.
export const LINK: Pattern = {
  regex: "^(?:/[a-z0-9_/-]*(?:#[A-Za-z][\\w-]*)?|https://[^\\s]+|mailto:[^\\s]+)$",
  message: "must be a page of this site such as /hard_anodizing or /#clients, or a full https:// address",
};

// An element's id, so a link can end in #anchor (the same form LINK accepts after '#').
export const ANCHOR: Pattern = {
  regex: "^[A-Za-z][\\w-]*$",
  message: "must start with a letter and use only letters, digits, '_' and '-' (for example aboutUs)",
};

// Becomes the page's address, so only lower-case letters, digits, '_' and '-'.
/** An ISO 4217 currency code, as prices are shown (INR, EUR). */
export const CURRENCY: Pattern = {
  regex: "^[A-Z]{3}$",
  message: "must be a currency's three capital letters (for example INR)",
};

export const SLUG: Pattern = {
  regex: "^[a-z0-9]+(?:[_-][a-z0-9]+)*$",
  message: "must use only lower-case letters, digits, '_' and '-' (for example hard_anodizing)",
};

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The GSTIN's last character is a base-36 checksum of the first fourteen. */
export function gstinChecksumProblem(gstin: string): string | null {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARS.indexOf(gstin[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  const expected = GSTIN_CHARS[(36 - (sum % 36)) % 36];
  return gstin[14] === expected
    ? null
    : "has a wrong check character: please copy the GSTIN again from the certificate";
}

// A colour as CSS and the editor's colour picker write it: #rrggbb.
export const COLOUR: Pattern = {
  regex: "^#[0-9a-fA-F]{6}$",
  message: "must be a colour such as #0b3a5b",
};
