import { joinQuery } from "../../state/url.ts";
import type { EmbedOptions } from "./embedKeys.ts";

// What the Embed dialog builds: the embed's link (the scenario plus its page keys) and the
// <iframe> snippet around it.

export interface FrameChoice {
  width: number;
  height: number;
  title: string;
}

/** The scenario text with the embed's page keys, only those that differ from their defaults. */
export function embedQuery(scenarioQuery: string, choice: EmbedOptions): string {
  const keys: Record<string, string> = { embed: "1", panels: choice.panels.join(",") };
  if (!choice.controls) keys["controls"] = "0";
  if (choice.startS > 0) keys["t"] = String(choice.startS);
  if (choice.untilS !== null && choice.untilS > choice.startS) {
    keys["until"] = String(choice.untilS);
    if (choice.loop) keys["loop"] = "1";
  }
  return joinQuery(scenarioQuery, keys);
}

const attribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

export function iframeSnippet(src: string, frame: FrameChoice): string {
  return (
    `<iframe src="${attribute(src)}" width="${frame.width}" height="${frame.height}" ` +
    `title="${attribute(frame.title)}" loading="lazy" style="border:0"></iframe>`
  );
}
