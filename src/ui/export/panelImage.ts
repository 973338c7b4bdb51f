// A panel card as an image: its DOM, styled by the page's own stylesheets, inside an SVG
// <foreignObject>, each canvas replaced by a picture of what it shows. The SVG is the SVG export;
// drawing it onto a canvas gives the PNG. No library needed, and what is saved is what is seen.

const XHTML = "http://www.w3.org/1999/xhtml";

function pageCss(): string {
  const rules: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) rules.push(rule.cssText);
    } catch {
      // A stylesheet from another origin cannot be read; the page has none of its own.
    }
  }
  return rules.join("\n");
}

function cloneWithCanvasPictures(panel: HTMLElement): HTMLElement {
  const clone = panel.cloneNode(true) as HTMLElement;
  const sources = panel.querySelectorAll("canvas");
  clone.querySelectorAll("canvas").forEach((canvas, i) => {
    const picture = document.createElement("img");
    picture.src = sources[i]?.toDataURL("image/png") ?? "";
    picture.alt = "";
    picture.className = canvas.className;
    picture.setAttribute("style", canvas.getAttribute("style") ?? "");
    canvas.replaceWith(picture);
  });
  // A picture of the panel, not of the page: its buttons and controls do nothing there.
  for (const control of Array.from(
    clone.querySelectorAll("button, select, input, .wcl-window-picker"),
  )) {
    control.remove();
  }
  return clone;
}

/** Height of the line above the panel that names the scenario and the moment. */
const CAPTION_PX = 24;

export interface PanelSvg {
  svg: string;
  width: number;
  height: number;
}

/**
 * The panel as an SVG, under a line of `caption` (the scenario and the simulated time), so a
 * picture pasted into an incident document says what it shows and when.
 */
export function panelSvg(panel: HTMLElement, caption: string): PanelSvg {
  const width = Math.ceil(panel.getBoundingClientRect().width);
  const height = Math.ceil(panel.getBoundingClientRect().height) + CAPTION_PX;
  const body = document.createElementNS(XHTML, "div");
  body.setAttribute("style", `width:${width}px;height:${height}px`);
  const style = document.createElementNS(XHTML, "style");
  style.textContent = pageCss();
  const title = document.createElementNS(XHTML, "p");
  title.setAttribute("class", "export-caption");
  title.setAttribute(
    "style",
    `margin:0;height:${CAPTION_PX}px;line-height:${CAPTION_PX}px;font:12px system-ui,sans-serif;` +
      "overflow:hidden;white-space:nowrap;text-overflow:ellipsis",
  );
  title.textContent = caption;
  body.append(style, title, cloneWithCanvasPictures(panel));
  const theme = document.documentElement.dataset["theme"] ?? "light";
  const content = new XMLSerializer().serializeToString(body);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" data-theme="${theme}" width="${width}" ` +
    `height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<foreignObject x="0" y="0" width="${width}" height="${height}">${content}</foreignObject></svg>`;
  return { svg, width, height };
}

/** Rasterises a panel's SVG at `scale` device pixels per CSS pixel. */
export async function svgToPng({ svg, width, height }: PanelSvg, scale: number): Promise<Blob> {
  const picture = new Image();
  picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await picture.decode();
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas to draw the panel on");
  context.drawImage(picture, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("PNG encoding failed"))),
      "image/png",
    ),
  );
}

/** The card of the panel whose heading reads `title`, if it is on the page. */
export function findPanel(title: string): HTMLElement | null {
  for (const heading of Array.from(document.querySelectorAll(".wcl-panel h2"))) {
    if (heading.textContent === title) return heading.closest<HTMLElement>(".wcl-panel");
  }
  return null;
}
