/**
 * The type of a value while it streams, given the type of the finished value: objects and lists
 * are partial (keys and items appear one by one), and strings grow by append, so an enum of
 * strings is any `string` until it completes (`'need_more_info'` shows `'need'` first). Numbers,
 * booleans and null never show partially and keep their type.
 */
export type Streamed<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Streamed<Item>[]
    : T extends object
      ? { [K in keyof T]?: Streamed<T[K]> }
      : T;
