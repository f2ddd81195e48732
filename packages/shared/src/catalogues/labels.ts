// The label of a catalogue option for a stored or sent value, in one place for the API and the web app.

/** The option's label whose value matches `value` in any case, or undefined when none does. */
export function labelOf(
  options: readonly { value: string; label: string }[],
  value: unknown,
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.toLowerCase();
  return options.find((option) => option.value.toLowerCase() === wanted)?.label;
}

/** The option's label for `value`, or `value` itself when no option matches (a value from before a catalogue change). */
export function labelOrValue(
  options: readonly { value: string; label: string }[],
  value: string,
): string {
  return labelOf(options, value) ?? value;
}
