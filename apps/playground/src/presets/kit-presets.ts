import type { Preset } from './preset';
import { productDescriptionPresets } from './product-descriptions';
import { refundContractPresets } from './refund-contract';

/** The recorded answers of the kit pages (contract and answer flow), registered with the server's presets. */
export const kitPresets: readonly Preset[] = [...refundContractPresets, ...productDescriptionPresets];
