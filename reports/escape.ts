// Text from a case or an implementation (names, versions, messages, descriptions) is hostile input:
// each place a report writes it to has its own escape here, so that no renderer writes it raw.

/** Control characters but tab and newline: ESC, BEL, CSI (0x9b) and the like drive a terminal. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** For a terminal: no control character but tab and newline survives. */
export function terminal(s: string): string {
  return s.replace(controls, "");
}

/** One line: newlines and control characters become spaces (a newline would split a heading). */
export function oneLine(s: string): string {
  return s.replace(/\r\n|[\r\n\u2028\u2029]/g, " ").replace(controls, "");
}

/** For HTML text and attribute values. */
export function html(s: string): string {
  return s
    .replace(controls, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** For XML (JUnit): as HTML, and without the characters XML 1.0 cannot hold. */
export function xml(s: string): string {
  return html(s).replace(/[^\t\n\r\x20-\uFFFD]/g, "");
}

/**
 * For Markdown inline text (a heading, a list item, a table cell): one line, no raw HTML element or
 * entity, no pipe that would end a table cell, and no link or image (`[x](javascript:…)` from an
 * implementation's name was a live link, `![](https://…)` a fetch). Emphasis is left as it reads.
 */
export function md(s: string): string {
  return (
    oneLine(s)
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/\|/g, "\\|")
      // A "]" that would close a link's text ("](", "][", "]:"): escaped, no link forms; other brackets
      // read as written.
      .replace(/\](?=[([:])/g, "\\]")
  );
}

/** A Markdown code span that no backtick in s can close early; pipes escaped for table cells. */
export function mdCode(s: string): string {
  const text = oneLine(s);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const tick = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${tick}${pad}${text.replace(/\|/g, "\\|")}${pad}${tick}`;
}

/** A fenced Markdown code block that no line of s can close. */
export function mdFence(s: string, lang: string): string[] {
  const longest = Math.max(2, ...(s.match(/`{3,}/g) ?? []).map((r) => r.length));
  const fence = "`".repeat(longest + 1);
  return [`${fence}${lang}`, terminal(s).trimEnd(), fence];
}

/** A single-quoted POSIX shell word: nothing in s is expanded or ends the command. */
export function shq(s: string): string {
  return `'${s.replace(/'/g, "'\\''")}'`;
}

/** s as one shell word: as it is when it holds nothing a shell reads, else single-quoted (shq). */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./,:=@%+-]+$/.test(s) ? s : shq(s);
}

/** How much of a message or a reason a report shows. */
export const messageLimit = 2000;

/** At most `max` characters of s, saying how many were cut. */
export function bounded(s: string, max = messageLimit): string {
  if (s.length <= max) return s;
  return `${s.slice(0, max)}… [${s.length - max} more characters cut]`;
}
