// Colour on a terminal, as the conventions most CLIs follow have it: FORCE_COLOR (any value but
// "0" or "false") turns it on even into a pipe or a file, NO_COLOR (any non-empty value, no-color.org)
// turns it off; otherwise only a terminal that is not "dumb" gets it. Report files never do: they are
// rendered without a painter.

export interface ColourEnv {
  readonly FORCE_COLOR?: string | undefined;
  readonly NO_COLOR?: string | undefined;
  readonly TERM?: string | undefined;
}

export function colourWanted(env: ColourEnv, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return isTTY && env.TERM !== "dumb";
}

export type Style = "fail" | "pass" | "known" | "dim" | "bold";

/** Text in a style: SGR sequences when on, the text unchanged when off. */
export type Painter = (style: Style, text: string) => string;

const sgr: Record<Style, readonly [string, string]> = {
  fail: ["\x1b[31m", "\x1b[39m"],
  pass: ["\x1b[32m", "\x1b[39m"],
  known: ["\x1b[33m", "\x1b[39m"],
  dim: ["\x1b[2m", "\x1b[22m"],
  bold: ["\x1b[1m", "\x1b[22m"],
};

export const plain: Painter = (_, text) => text;

export const ansi: Painter = (style, text) => (text === "" ? text : `${sgr[style][0]}${text}${sgr[style][1]}`);

export function painter(on: boolean): Painter {
  return on ? ansi : plain;
}
