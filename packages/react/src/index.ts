// The public API of @fieldstream/react: hooks and components over the core's field store.
export { FieldText } from './field-text';
