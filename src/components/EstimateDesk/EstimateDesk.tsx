import React, { useEffect, useMemo, useState } from "react";
import { answer, type Desk } from "../../estimate/answer";
import { choicesOnArrival } from "../../estimate/arrival";
import {
  AREA_MODES,
  readPart,
  type AreaMode,
  type FieldName,
  type StandardChoice,
  type Values,
} from "../../estimate/form";
import { say } from "../../estimate/say";
import { EstimateAnswer } from "./EstimateAnswer";
import * as styles from "./EstimateDesk.module.css";

export interface EstimateDeskProps {
  desk: Desk;
  /** Each process's name as its service page says it, in the page's language. */
  processNames: Record<string, string>;
  standards: readonly StandardChoice[];
  /** The page's locale, for figures and days. */
  locale: string;
  /** Where the form goes without JavaScript (the enquiry service answers it). */
  action: string;
  /** "YYYY-MM-DD": the day the answer is for (a lead time's age). */
  today: string;
  /** What the buyer came with: a service page's process, a standard page's standard. */
  initial?: Values;
}

const id = (name: FieldName) => `estimate-${name}`;
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
  values,
  set,
}: {
  name: FieldName;
  label: string;
  values: Values;
  set: (name: FieldName, value: string) => void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id(name)}>{label}</label>
      <input
        id={id(name)}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        value={values[name] ?? ""}
        onChange={(event) => set(name, event.target.value)}
      />
    </div>
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
  action,
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
  // A new standard starts at its first type and class.
  const set = (name: FieldName, value: string) =>
    setValues((before) => ({ ...before, [name]: value, ...(name === "standard" ? { grade: firstGrade(value) } : {}) }));
  const standard = standards.find((candidate) => candidate.slug === values.standard);
  const mode = (values.areaMode ?? "area") as AreaMode;

  const said = useMemo(() => {
    const read = readPart(values, {
      processes: desk.processes.map((candidate) => candidate.service),
      standards,
      alloys: desk.alloys.map((alloy) => alloy.name),
    });
    if (!("part" in read)) return null;
    const found = answer(desk, read.part, today);
    if (!found) return null;
    return say(desk, found, read.part, {
      locale,
      process: processNames[read.part.service] ?? read.part.service,
      standard: standard?.designation,
    });
  }, [values, desk, standards, today, locale, processNames, standard]);

  // Groups of options (a standard's types, a process's colours): the same markup with and
  // without JavaScript, so nothing moves when the page wakes up; readPart checks the pair.
  const choice = (name: FieldName, label: string, options: readonly Option[], groups: readonly Group[] = []) => (
    <div className={styles.field}>
      <label htmlFor={id(name)}>{label}</label>
      <select id={id(name)} name={name} value={values[name] ?? ""} onChange={(event) => set(name, event.target.value)}>
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
    </div>
  );
  const plain = (texts: readonly string[]) => texts.map((text) => ({ value: text, label: text }));
  const name = (service: string) => processNames[service] ?? service;
  const groupsOf = (list: "colours" | "seals") =>
    desk.processes.flatMap((candidate) =>
      candidate[list]?.length ? [{ label: name(candidate.service), options: plain(candidate[list]!) }] : [],
    );
  const number = (name: FieldName, label: string) => (
    <NumberField name={name} label={label} values={values} set={set} />
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
      <form method="post" action={action} encType="multipart/form-data" className={styles.form} noValidate>
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
        <fieldset className={styles.group}>
          <legend>{words.shape}</legend>
          {AREA_MODES.map((candidate) => (
            <label key={candidate} className={styles.option}>
              <input
                type="radio"
                name="areaMode"
                value={candidate}
                checked={mode === candidate}
                onChange={() => set("areaMode", candidate)}
              />
              {shapeWords[candidate]}
            </label>
          ))}
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
        <button type="submit" className="button">
          {words.submit}
        </button>
      </form>
      <section className={styles.answer} aria-live="polite" aria-labelledby="estimate-answer">
        <h2 id="estimate-answer">{words.answerTitle}</h2>
        <EstimateAnswer
          said={said}
          titles={{ checks: words.checksTitle, growth: sayings.growthTitle, price: sayings.priceTitle }}
        />
      </section>
    </div>
  );
}
