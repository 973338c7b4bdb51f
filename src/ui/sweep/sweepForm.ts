import { DEFAULT_FIGURES, type PageSweepTexts } from "./sweepKey.ts";

// The Sweep dialog's fields and the sweep they write: the command line's flags in its own words
// (`lag=2000..4000`, `--points 41,11`, `gates=<Gate>`), so the page and the command line read and
// refuse a sweep alike. And back: a link's sweep fills the fields.

export interface SweepForm {
  readonly key: string;
  /** `2000..4000`, or a range inside the key's value: `500@10..60`. */
  readonly range: string;
  readonly points: string;
  /** A second key makes a grid (a heat map); "" for none. */
  readonly key2: string;
  readonly range2: string;
  readonly points2: string;
  /** A gate swept off and on; "" for none. */
  readonly gate: string;
  readonly seeds: string;
  readonly duration: string;
  /** A threshold test such as `fallbacks>0`; "" for a plain sweep. */
  readonly find: string;
  readonly precision: string;
  readonly figures: readonly string[];
}

export const DEFAULT_FORM: SweepForm = {
  key: "lag",
  range: "2000..4000",
  points: "11",
  key2: "",
  range2: "",
  points2: "",
  gate: "",
  seeds: "1",
  duration: "60",
  find: "",
  precision: "10",
  figures: DEFAULT_FIGURES,
};

export function textsOf(form: SweepForm): PageSweepTexts {
  const sweeps = [
    ...(form.key === "" ? [] : [`${form.key}=${form.range.trim()}`]),
    ...(form.key2 === "" ? [] : [`${form.key2}=${form.range2.trim()}`]),
    ...(form.gate === "" ? [] : [`gates=${form.gate}`]),
  ];
  const search = form.find.trim() !== "";
  const points =
    search || form.key === ""
      ? undefined
      : form.key2 === ""
        ? form.points.trim()
        : `${form.points.trim()},${form.points2.trim()}`;
  return {
    texts: {
      sweeps,
      formatGiven: false,
      ...(points === undefined ? {} : { points }),
      ...(form.seeds.trim() === "1" ? {} : { seeds: form.seeds.trim() }),
      // A search plots the figure it tests (the command line refuses --figures with --find).
      ...(search
        ? { find: form.find.trim(), precision: form.precision.trim() }
        : { figures: form.figures.join(",") }),
    },
    duration: form.duration.trim(),
  };
}

/** The fields a link's sweep fills (what it does not say keeps the defaults). */
export function formOf({ texts, duration }: PageSweepTexts): SweepForm {
  const split = (sweep: string) => {
    const at = sweep.indexOf("=");
    return at < 0 ? [sweep, ""] : [sweep.slice(0, at), sweep.slice(at + 1)];
  };
  const keys = texts.sweeps.map(split).filter(([key]) => key !== "gates");
  const gate = texts.sweeps.map(split).find(([key]) => key === "gates");
  const [points = DEFAULT_FORM.points, points2 = ""] = (texts.points ?? "").split(",");
  return {
    key: keys[0]?.[0] ?? "",
    range: keys[0]?.[1] ?? "",
    points: points === "" ? DEFAULT_FORM.points : points,
    key2: keys[1]?.[0] ?? "",
    range2: keys[1]?.[1] ?? "",
    points2: points2 === "" && keys[1] !== undefined ? points : points2,
    gate: gate?.[1] ?? "",
    seeds: texts.seeds ?? "1",
    duration,
    find: texts.find ?? "",
    precision: texts.precision ?? DEFAULT_FORM.precision,
    figures: texts.figures === undefined ? DEFAULT_FIGURES : texts.figures.split(","),
  };
}
