import { libraryConfig } from '../../tsdown.shared.ts';

export default libraryConfig(import.meta.dirname);
