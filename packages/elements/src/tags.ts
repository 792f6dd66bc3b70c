/** The tag names the elements are defined under (`defineFieldstreamElements`). */
export const FIELDSTREAM_TAGS = {
  form: 'fieldstream-form',
  field: 'fieldstream-field',
  progress: 'fieldstream-progress',
  status: 'fieldstream-status',
  announcer: 'fieldstream-announcer',
} as const;
