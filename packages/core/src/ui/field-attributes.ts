import {
  type FieldPhase,
  type FieldReconciliation,
  type FieldState,
  fieldPhase,
  isProvisional,
} from '../store/field-state';

/** The attributes a live form's field element carries; `undefined` ones are left off. */
export type FieldDataAttributes = {
  readonly 'data-phase': FieldPhase;
  readonly 'data-reconciled': FieldReconciliation | undefined;
  readonly 'data-provisional': 'true' | undefined;
  readonly 'data-stale': 'true' | undefined;
};

/**
 * What a field's `.fs-field` element says of it, in every binding (the stylesheet's hooks): its
 * phase, how the final data reconciled it, and whether its value is provisional or stale.
 */
export function fieldDataAttributes(field: FieldState): FieldDataAttributes {
  return {
    'data-phase': fieldPhase(field),
    'data-reconciled': field.reconciled,
    'data-provisional': isProvisional(field) ? 'true' : undefined,
    'data-stale': field.stale ? 'true' : undefined,
  };
}
