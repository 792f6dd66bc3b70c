import { FieldstreamError } from '../../errors/errors';

/** An answer flow was defined or used wrongly (bad limits, a non-boolean `canInvoke`, a partial review…). */
export class AnswerFlowError extends FieldstreamError {
  override name = 'AnswerFlowError';
  constructor(
    code:
      | 'FLOW_INVALID_DEFINITION'
      | 'FLOW_INVALID_INPUT'
      | 'FLOW_CAN_INVOKE_NOT_BOOLEAN'
      | 'FLOW_CHECK_NOT_SYNC'
      | 'FLOW_REVIEW_INCOMPLETE',
    message: string,
  ) {
    super(code, message);
  }
}
