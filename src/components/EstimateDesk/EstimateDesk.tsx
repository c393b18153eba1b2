import React, { useMemo, useState } from "react";
import { answer, type Desk } from "../../estimate/answer";
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
  // A new standard starts at its first type and class.
  const set = (name: FieldName, value: string) =>
    setValues((before) => ({ ...before, [name]: value, ...(name === "standard" ? { grade: firstGrade(value) } : {}) }));
  const process = desk.processes.find((candidate) => candidate.service === values.process);
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

  const choice = (name: FieldName, label: string, options: readonly { value: string; label: string }[]) => (
    <div className={styles.field}>
      <label htmlFor={id(name)}>{label}</label>
      <select id={id(name)} name={name} value={values[name] ?? ""} onChange={(event) => set(name, event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
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
      <form method="post" action={action} className={styles.form} noValidate>
        {choice(
          "process",
          words.process,
          desk.processes.map((candidate) => ({
            value: candidate.service,
            label: processNames[candidate.service] ?? candidate.service,
          })),
        )}
        {choice("standard", words.standard, [
          { value: "", label: words.noStandard },
          ...standards.map((candidate) => ({ value: candidate.slug, label: candidate.designation })),
        ])}
        {standard &&
          choice(
            "grade",
            words.grade,
            standard.offered.map((grade) => ({ value: grade.designation, label: grade.designation })),
          )}
        {number("thickness", words.thickness)}
        {process?.colours?.length
          ? choice(
              "colour",
              words.colour,
              process.colours.map((colour) => ({ value: colour, label: colour })),
            )
          : null}
        {process?.seals?.length
          ? choice(
              "seal",
              words.seal,
              process.seals.map((seal) => ({ value: seal, label: seal })),
            )
          : null}
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
        {mode === "area" && number("area", words.area)}
        {(mode === "roundBar" || mode === "tube") && number("diameter", words.diameter)}
        {mode === "tube" && number("inside", words.inside)}
        {number("length", words.length)}
        {(mode === "area" || mode === "plate" || mode === "block") && (
          <>
            {number("width", words.width)}
            {number("height", words.height)}
          </>
        )}
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
        {said && (
          <EstimateAnswer
            said={said}
            titles={{ checks: words.checksTitle, growth: sayings.growthTitle, price: sayings.priceTitle }}
          />
        )}
      </section>
    </div>
  );
}
