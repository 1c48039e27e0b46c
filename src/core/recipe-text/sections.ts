// Section headers of a pasted recipe (docs/api.md#recipe-text): "For the icing:", "FROSTING", "## Sauce",
// "**Filling**", "Crust:". A header carries no amount; its title is the words without the marks.

const MAX_HEADER_WORDS = 6;

/** The header's title ("For the icing"), or null when the line is no header. The line is prepared (reader.ts). */
export function isSectionHeader(line: string): string | null {
  let text = line.trim();
  if (text === '') return null;
  let marked = false;
  // Markdown headings and emphasis: "## Sauce", "**Filling**", "__Topping__".
  const heading = /^#{1,6}\s*(.+?)\s*#*$/.exec(text);
  if (heading?.[1]) {
    text = heading[1];
    marked = true;
  }
  const emphasis = /^(\*\*|__|\*|_)(.+)\1:?$/.exec(text);
  if (emphasis?.[2]) {
    text = emphasis[2];
    marked = true;
  }
  const colon = text.endsWith(':');
  const title = text.replace(/:+$/, '').trim();
  if (title === '' || /\d/.test(title) || /[¼-¾⅐-⅞]/.test(title)) return null;
  const words = title.split(/\s+/);
  if (words.length > MAX_HEADER_WORDS) return null;
  const forThe = /^for (?:the |a |an )?\S/i.test(title) && !/\bto taste\b|\bserving\b|\bgarnish\b/i.test(title);
  const capitals = /\p{L}{2}/u.test(title) && title === title.toUpperCase() && title !== title.toLowerCase();
  if (!(marked || colon || forThe || capitals)) return null;
  // A food with a note is no header: "Salt: to taste" has no colon at its end; "Salt:" alone is one.
  return title.replace(/^[*_]+|[*_]+$/g, '').trim() || null;
}

/** Headers that name no section: the list's own heading. */
export function namesNoSection(title: string): boolean {
  return /^(?:ingredients?|ingredient list|you will need|you'll need|what you need)$/i.test(title.trim());
}
