// The figures a text states (a thickness, a hardness, a size, an alloy, a standard's
// number, a phone number, a type or class), so a translation can be checked to state the
// same ones as the English: only words are translated (translation.ts).
import type { Language } from "./languages";

/** A figure as the text writes it, and the forms it may take in another language. */
export interface Figure {
  written: string;
  /** Two figures are the same when they share a key. */
  keys: string[];
}

/** Digits, with the separators either language puts inside a number: 1,200.5 and 1.200,5. */
const NUMBER = /\d+(?:[.,]\d+)*/g;
/** A type or class numbered in Roman numerals (MIL-PRF-8625 Type III), in either language. */
const NUMERAL = /\b(?:type|typ|class|klasse|grade)\s+([IVX]{1,4})\b/gi;

/**
 * A number's value as its language writes it (English 1,200.5; German 1.200,5), and the
 * runs of digits between its separators, so a designation written alike in both (EN 10204
 * 3.1, ISO 7599:2018) is the same figure whatever its separators mean.
 */
function numberKeys(written: string, language: Language): string[] {
  const plain = language === "de" ? written.replaceAll(".", "").replace(",", ".") : written.replaceAll(",", "");
  const value = Number(plain);
  const runs = `runs:${written.split(/[.,]/).map(Number).join("|")}`;
  return Number.isFinite(value) ? [`value:${value}`, runs] : [runs];
}

export function figuresOf(text: string, language: Language): Figure[] {
  const numbers = [...text.matchAll(NUMBER)].map(([written]) => ({ written, keys: numberKeys(written, language) }));
  const numerals = [...text.matchAll(NUMERAL)].map(([written, numeral]) => ({
    written,
    keys: [`numeral:${numeral!.toUpperCase()}`],
  }));
  return [...numbers, ...numerals];
}

/**
 * What a translation states differently from its English: the English figures it lacks and
 * the figures it has that the English does not. Order does not matter (sentences differ).
 */
export function figureDrift(
  english: string,
  translation: string,
  language: Language,
): { lacking: string[]; extra: string[] } {
  const unmatched = figuresOf(translation, language);
  const lacking: string[] = [];
  for (const figure of figuresOf(english, "en")) {
    const index = unmatched.findIndex((other) => other.keys.some((key) => figure.keys.includes(key)));
    if (index === -1) lacking.push(figure.written);
    else unmatched.splice(index, 1);
  }
  return { lacking, extra: unmatched.map((figure) => figure.written) };
}
