/**
 * `T` with its top-level `readonly` removed: for building a record key by key where its optional
 * keys are set only when present. Hot paths do this instead of spreading `...(cond ? {} : { key })`
 * into a literal, which costs V8 a generic property copy on every call.
 */
export type Writable<T> = { -readonly [Key in keyof T]: T[Key] };
