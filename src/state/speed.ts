// Playback speed is chosen on a log scale: 0.1× … 100× real time.

export const MIN_SPEED = 0.1;
export const MAX_SPEED = 100;

export const clampSpeed = (speed: number): number =>
  Math.min(Math.max(speed, MIN_SPEED), MAX_SPEED);

/** Slider position (log10 of the speed) to speed, rounded to two significant digits. */
export const speedFromPosition = (position: number): number =>
  clampSpeed(Number((10 ** position).toPrecision(2)));

export const positionFromSpeed = (speed: number): number => Math.log10(clampSpeed(speed));

export const formatSpeed = (speed: number): string => `${speed}×`;
