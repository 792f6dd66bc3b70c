/** Starts (POST) a resumable answer; resumes or attaches to one (GET), aborts one (DELETE). */
export const RESUMABLE_ROUTE = '/api/answers';
/** How many answers the server started: a reload that attaches must not start another. */
export const RESUMABLE_STATS_ROUTE = '/api/answers/stats';
/** Where the page keeps its answer's ticket across a reload. */
export const TICKET_STORAGE_KEY = 'fieldstream:resume-ticket';
/** What the page posts: `dropAfterBytes` makes the server cut the connection there (a dropped network). */
export type ResumableRequest = { dropAfterBytes?: number };
