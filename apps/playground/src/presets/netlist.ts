import { defineOutput } from '@fieldstream/core';
import type { Preset } from './preset';

const output = defineOutput({
  design_notes: ['string', 'design intent, risks and review remarks', 'not_null'],
  board: ['string', 'board name and revision'],
  components: [
    {
      refdes: ['string', 'reference designator', 'not_null'],
      value: ['string', 'part value or number'],
      footprint: ['string', 'package'],
      pins: [{ pin: ['integer', 'pin number'], net: ['string', 'net on that pin'] }],
    },
  ],
  nets: [['string', 'net name']],
  layer_count: ['integer', 'copper layers'],
  review_needed: ['boolean', 'whether a human must review before fabrication'],
});

const designNotes = [
  'A 3.3 V LDO feeds the MCU and the sensor; C1/C2 decouple the regulator input and output.',
  'Risk: U2 draws up to 180 mA at start-up & the LDO is rated for 250 mA, so headroom is thin.',
  'The I2C pull-ups (R1, R2 = 4.7k) suit 100 kHz <b>standard mode</b>; use 2.2k for 400 kHz.',
  '',
  'Keep SDA/SCL away from the switching node: route them on the inner layer.',
].join('\n');

const components = [
  {
    refdes: 'U1',
    value: 'AP2112K-3.3',
    footprint: 'SOT-23-5',
    pins: [
      { pin: 1, net: 'VIN' },
      { pin: 2, net: 'GND' },
      { pin: 3, net: 'VIN' },
      { pin: 5, net: '+3V3' },
    ],
  },
  {
    refdes: 'U2',
    value: 'STM32G031K8',
    footprint: 'LQFP-32',
    pins: [
      { pin: 4, net: '+3V3' },
      { pin: 5, net: 'GND' },
      { pin: 18, net: 'I2C_SCL' },
      { pin: 19, net: 'I2C_SDA' },
    ],
  },
  {
    refdes: 'C1',
    value: '1uF',
    footprint: '0603',
    pins: [
      { pin: 1, net: 'VIN' },
      { pin: 2, net: 'GND' },
    ],
  },
  {
    refdes: 'C2',
    value: '1uF',
    footprint: '0603',
    pins: [
      { pin: 1, net: '+3V3' },
      { pin: 2, net: 'GND' },
    ],
  },
  {
    refdes: 'R1',
    value: '4.7k',
    footprint: '0402',
    pins: [
      { pin: 1, net: '+3V3' },
      { pin: 2, net: 'I2C_SCL' },
    ],
  },
  {
    refdes: 'R2',
    value: '4.7k',
    footprint: '0402',
    pins: [
      { pin: 1, net: '+3V3' },
      { pin: 2, net: 'I2C_SDA' },
    ],
  },
];

const data = {
  design_notes: designNotes,
  board: 'sensor-node rev B',
  components,
  nets: ['VIN', '+3V3', 'GND', 'I2C_SCL', 'I2C_SDA'],
  layer_count: 4,
  review_needed: true,
};

const FENCE = '```';
const componentLines = components.map((c, i) => `  ${JSON.stringify(c)}${i < components.length - 1 ? ',' : ''}`);

// Hybrid: text sections as plain text, typed sections as fenced JSON; a <think> block first.
const text = `<think>Six parts: regulator, MCU, two decoupling caps, two I2C pull-ups. The notes should flag the LDO headroom.</think>
### design_notes
${designNotes}

### board
sensor-node rev B

### components [JSON]
${FENCE}json
[
${componentLines.join('\n')}
]
${FENCE}

### nets
${FENCE}json
["VIN", "+3V3", "GND", "I2C_SCL", "I2C_SDA"]
${FENCE}

### layer_count
${FENCE}json
4
${FENCE}

### review_needed
${FENCE}json
true
${FENCE}
`;

export const netlistPreset: Preset = {
  id: 'netlist',
  title: 'EDA netlist with design notes',
  description: 'Hybrid: prose design notes plus a JSON list of components with pins',
  input: 'Summarise the schematic of the sensor node: notes, parts with their pin nets, and the nets.',
  output,
  format: 'hybrid',
  data,
  recorded: { format: 'hybrid', text },
};
