/** One step of a path: an object key or an array index. */
export type PathSegment = string | number;
