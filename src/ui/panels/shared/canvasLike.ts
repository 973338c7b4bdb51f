// The slice of CanvasRenderingContext2D our draw functions use: the browser passes a real context,
// tests pass a recording fake (jsdom has no canvas).
export type CanvasLike = Pick<
  CanvasRenderingContext2D,
  | "beginPath"
  | "closePath"
  | "moveTo"
  | "lineTo"
  | "arc"
  | "rect"
  | "fill"
  | "stroke"
  | "fillRect"
  | "clearRect"
  | "fillText"
  | "save"
  | "restore"
  | "setLineDash"
  | "fillStyle"
  | "strokeStyle"
  | "lineWidth"
  | "font"
  | "textAlign"
  | "textBaseline"
  | "globalAlpha"
>;

export interface CanvasSize {
  width: number;
  height: number;
}
