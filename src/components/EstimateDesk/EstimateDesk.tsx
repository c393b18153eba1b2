import React, { useEffect, useMemo, useRef, useState } from "react";
import { answer, type Desk } from "../../estimate/answer";
import { choicesOnArrival, withChoice } from "../../estimate/arrival";
import {
  AREA_MODES,
  ESTIMATE_COUNT_URL,
  readPart,
  type AreaMode,
  type FieldName,
  type StandardChoice,
  type Values,
} from "../../estimate/form";
import { PROBLEMS_ID, errorId, fieldId, problemLines } from "../../estimate/problems";
import { FIRM_QUOTE, NEXT_FIELD, RECORD, quoteHref } from "../../estimate/carry";
import { say } from "../../estimate/say";
import { ProblemSummary } from "../ProblemSummary";
import { EstimateAnswer } from "./EstimateAnswer";
import * as styles from "./EstimateDesk.module.css";

export interface EstimateDeskProps {
  desk: Desk;
  /** Each process's name as its service page says it, in the page's language. */
  processNames: Record<string, string>;
  standards: readonly StandardChoice[];
  /** The page's locale, for figures and days. */
  locale: string;
  /** The page's language ("en"), counted with an estimate for the owner's report. */
  language: string;
  /** Where the form goes without JavaScript (the enquiry service answers it). */
  action: string;
  /** The quote form's page in the page's language: the firm-quote button carries the figures there. */
  quotePath: string;
  /** "YYYY-MM-DD": the day the answer is for (a lead time's age). */
  today: string;
  /** What the buyer came with: a service page's process, a standard page's standard. */
  initial?: Values;
}

/** The first choice of a list that may be left unchosen (a colour, a seal). */
const NONE = "–";

interface Option {
  value: string;
  label: string;
}
interface Group {
  label: string;
  options: readonly Option[];
}

/** A number the buyer types: text with a decimal keyboard, so "2,5" is read as 2.5. */
function NumberField({
  name,
  label,
  problem,
  values,
  set,
}: {
  name: FieldName;
  label: string;
  problem?: string;
  values: Values;
  set: (name: FieldName, value: string) => void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={fieldId(name)}>{label}</label>
      <input
        id={fieldId(name)}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={errorId(name)}
        value={values[name] ?? ""}
        onChange={(event) => set(name, event.target.value)}
      />
      <ErrorText name={name} text={problem} />
    </div>
  );
}

/** A field's problem, under it; the enquiry service fills the same place without JavaScript. */
function ErrorText({ name, text }: { name: FieldName; text?: string }) {
  return (
    <p id={errorId(name)} className={styles.error}>
      {text}
    </p>
  );
}

/**
 * The estimate desk: the buyer describes the part, and the answer (checks, build-up,
 * price, lead time) follows as they type, from src/estimate/. Without JavaScript the
 * form goes to the enquiry service, which answers with the same code.
 */
export function EstimateDesk({
  desk,
  processNames,
  standards,
  locale,
  language,
  action,
  quotePath,
  today,
  initial = {},
}: EstimateDeskProps) {
  const { words, sayings } = desk;
  // Each list starts at its first choice, as the build's HTML shows it.
  const firstGrade = (slug?: string) => standards.find((candidate) => candidate.slug === slug)?.offered[0]?.designation;
  const [values, setValues] = useState<Values>(() => ({
    process: desk.processes[0]?.service,
    alloy: desk.alloys[0]?.name,
    areaMode: "area",
    feature: "outside",
    ...initial,
    grade: initial.grade ?? firstGrade(initial.standard),
  }));
  // A service or standard page's link chooses its process or standard (after hydration:
  // the build's HTML is the same for every address).
  useEffect(() => {
    const processes = desk.processes.map((candidate) => candidate.service);
    const chosen = choicesOnArrival(window.location.search, processes, standards);
    if (Object.keys(chosen).length > 0) setValues((before) => ({ ...before, ...chosen }));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  // A new standard starts at its first type and class; a type chooses the process it names.
  const set = (name: FieldName, value: string) =>
    setValues((before) =>
      withChoice(
        before,
        name,
        value,
        desk.processes.map((candidate) => candidate.service),
        standards,
      ),
    );
  const standard = standards.find((candidate) => candidate.slug === values.standard);
  const mode = (values.areaMode ?? "area") as AreaMode;

  const { said, problems } = useMemo(() => {
    const read = readPart(values, {
      processes: desk.processes.map((candidate) => candidate.service),
      standards,
      alloys: desk.alloys.map((alloy) => alloy.name),
    });
    if (!("part" in read)) return { said: null, problems: problemLines(read.problems, words) };
    const found = answer(desk, read.part, today);
    if (!found) return { said: null, problems: [] };
    const names = { locale, process: processNames[read.part.service] ?? read.part.service };
    return { said: say(desk, found, read.part, { ...names, standard: standard?.designation }), problems: [] };
  }, [values, desk, words, standards, today, locale, processNames, standard]);

  // When the buyer leaves the page (or its tab) with an answer shown, the page tells the
  // owner's report which process, standard and language it was, once, and nothing else.
  const shownFor = useRef<{ process: string; standard: string } | null>(null);
  shownFor.current = said ? { process: values.process ?? "", standard: values.standard ?? "" } : null;
  useEffect(() => {
    let counted = false;
    const leave = (event: Event) => {
      if (counted || !shownFor.current || (event.type === "visibilitychange" && !document.hidden)) return;
      counted = true;
      const body = new FormData();
      body.set("process", shownFor.current.process);
      body.set("standard", shownFor.current.standard);
      body.set("language", language);
      navigator.sendBeacon?.(ESTIMATE_COUNT_URL, body);
    };
    document.addEventListener("visibilitychange", leave);
    window.addEventListener("pagehide", leave);
    return () => {
      document.removeEventListener("visibilitychange", leave);
      window.removeEventListener("pagehide", leave);
    };
  }, [language]);

  // As the buyer types, the answer follows and nothing is marked wrong; once they press
  // the button, the problems are listed above the form (it takes focus, as the quote
  // form's summary does) and under each field, and follow what they type from then on.
  const [sent, setSent] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  const answerHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent === 0) return;
    if (problems.length > 0) summary.current?.focus();
    else answerHeading.current?.focus();
  }, [sent]); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = sent > 0 ? problems : [];
  const problemOf = (name: FieldName) => shown.find((line) => line.name === name)?.text;

  // Groups of options (a standard's types, a process's colours): the same markup with and
  // without JavaScript, so nothing moves when the page wakes up; readPart checks the pair.
  const choice = (name: FieldName, label: string, options: readonly Option[], groups: readonly Group[] = []) => (
    <div className={styles.field}>
      <label htmlFor={fieldId(name)}>{label}</label>
      <select
        id={fieldId(name)}
        name={name}
        aria-invalid={problemOf(name) ? true : undefined}
        aria-describedby={errorId(name)}
        value={values[name] ?? ""}
        onChange={(event) => set(name, event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <ErrorText name={name} text={problemOf(name)} />
    </div>
  );
  const plain = (texts: readonly string[]) => texts.map((text) => ({ value: text, label: text }));
  const name = (service: string) => processNames[service] ?? service;
  const groupsOf = (list: "colours" | "seals") =>
    desk.processes.flatMap((candidate) =>
      candidate[list]?.length ? [{ label: name(candidate.service), options: plain(candidate[list]!) }] : [],
    );
  const number = (name: FieldName, label: string) => (
    <NumberField name={name} label={label} problem={problemOf(name)} values={values} set={set} />
  );
  const shapeWords: Record<AreaMode, string> = {
    area: words.area,
    plate: words.plate,
    block: words.block,
    roundBar: words.roundBar,
    tube: words.tube,
  };

  return (
    <div className={styles.desk}>
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          const next = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
          // The requirements of record come from the enquiry service: a part described in
          // full goes there as the form, and the PDF downloads.
          if (said && next === RECORD) return;
          event.preventDefault();
          // The firm-quote button takes a part described in full to the quote form, its
          // figures with it (without JavaScript the enquiry service does the same).
          if (said && next === FIRM_QUOTE) window.location.assign(quoteHref(quotePath, values));
          else setSent((count) => count + 1);
        }}
      >
        {/* The enquiry service fills it (problemsHtml) in the page it returns without JavaScript. */}
        <ProblemSummary
          id={PROBLEMS_ID}
          ref={summary}
          heading={words.problems.summary}
          lines={shown.map((line) => ({ target: fieldId(line.name), text: line.line }))}
        />
        {choice(
          "process",
          words.process,
          desk.processes.map((candidate) => ({
            value: candidate.service,
            label: name(candidate.service),
          })),
        )}
        {choice("standard", words.standard, [
          { value: "", label: words.noStandard },
          ...standards.map((candidate) => ({ value: candidate.slug, label: candidate.designation })),
        ])}
        {choice(
          "grade",
          words.grade,
          // Without a standard no type or class applies (readPart reads one only with a standard).
          [{ value: "", label: NONE }],
          standards.map((candidate) => ({
            label: candidate.designation,
            options: plain(candidate.offered.map((grade) => grade.designation)),
          })),
        )}
        {number("thickness", words.thickness)}
        {choice("colour", words.colour, [{ value: "", label: NONE }], groupsOf("colours"))}
        {choice("seal", words.seal, [{ value: "", label: NONE }], groupsOf("seals"))}
        {choice("alloy", words.alloy, [
          ...desk.alloys.map((alloy) => ({ value: alloy.name, label: alloy.name })),
          { value: "", label: words.otherAlloy },
        ])}
        <fieldset
          className={styles.group}
          aria-invalid={problemOf("areaMode") ? true : undefined}
          aria-describedby={errorId("areaMode")}
        >
          <legend>{words.shape}</legend>
          {AREA_MODES.map((candidate, index) => (
            <label key={candidate} className={styles.option}>
              <input
                // The first button is where the problems' summary leads.
                id={index === 0 ? fieldId("areaMode") : undefined}
                type="radio"
                name="areaMode"
                value={candidate}
                checked={mode === candidate}
                onChange={() => set("areaMode", candidate)}
              />
              {shapeWords[candidate]}
            </label>
          ))}
          <ErrorText name="areaMode" text={problemOf("areaMode")} />
        </fieldset>
        {number("area", words.area)}
        {number("length", words.length)}
        {number("width", words.width)}
        {number("height", words.height)}
        {number("diameter", words.diameter)}
        {number("inside", words.inside)}
        {number("mass", words.mass)}
        {number("quantity", words.quantity)}
        {number("lots", words.lots)}
        {number("threads", words.threads)}
        {number("bores", words.bores)}
        {number("finished", words.finished)}
        {choice("feature", words.feature, [
          { value: "outside", label: words.outside },
          { value: "bore", label: words.bore },
        ])}
        <div className={styles.buttons}>
          <button type="submit" className="button">
            {words.submit}
          </button>
          <button type="submit" name={NEXT_FIELD} value={FIRM_QUOTE} className="button button-gold">
            {words.firmQuote}
          </button>
          <button type="submit" name={NEXT_FIELD} value={RECORD} className="button">
            {words.record}
          </button>
        </div>
      </form>
      <section className={styles.answer} aria-live="polite" aria-labelledby="estimate-answer">
        <h2 id="estimate-answer" ref={answerHeading} tabIndex={-1}>
          {words.answerTitle}
        </h2>
        <EstimateAnswer
          said={said}
          waiting={words.waiting}
          titles={{ checks: words.checksTitle, growth: sayings.growthTitle, price: sayings.priceTitle }}
        />
      </section>
    </div>
  );
}
