/** A namespace's catalog in a language other than English: every key of the English source, and no other. */
export type Translation<Source> = { [K in keyof Source]: string };
