/** Every namespace file of this language, bundled into one chunk that loads when the language is used. */
const files = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });

export const bundle: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(files).map(([file, data]) => [file.replace(/^\.\/(.*)\.json$/, '$1'), data]),
);
