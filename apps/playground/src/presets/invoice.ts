import { defineOutput } from '@fieldstream/core';
import type { Preset } from './preset';

const output = defineOutput({
  invoice_number: ['string', 'as printed on the invoice', 'not_null'],
  vendor: {
    name: ['string', 'legal name of the vendor', 'not_null'],
    vat_id: ['string', 'VAT identification number'],
  },
  issue_date: ['string', 'ISO 8601 date'],
  currency: [['EUR', 'USD', 'GBP'], 'currency code', true],
  line_items: [
    {
      description: ['string', 'what was bought', 'not_null'],
      quantity: ['number', 'units'],
      unit_price: ['number', 'price per unit'],
      total: ['number', 'quantity times unit price'],
    },
  ],
  subtotal: ['number', 'sum of the line totals'],
  tax: ['number', 'VAT amount'],
  total: ['number', 'amount due', 'not_null'],
  paid: ['boolean', 'whether the invoice is marked as paid'],
});

const lineItems = [
  { description: 'Cloud compute — 2 vCPU instances', quantity: 720, unit_price: 0.046, total: 33.12 },
  { description: 'Block storage (GB-month)', quantity: 500, unit_price: 0.1, total: 50 },
  { description: 'Object storage egress (GB)', quantity: 1240, unit_price: 0.09, total: 111.6 },
  { description: 'Managed PostgreSQL, db.m5.large', quantity: 1, unit_price: 189, total: 189 },
  { description: 'Load balancer hours', quantity: 720, unit_price: 0.025, total: 18 },
  { description: 'Support plan "Business"', quantity: 1, unit_price: 100, total: 100 },
  { description: 'Static IPv4 addresses', quantity: 4, unit_price: 3.6, total: 14.4 },
  { description: 'Snapshot storage (GB-month)', quantity: 320, unit_price: 0.05, total: 16 },
];

const data = {
  invoice_number: 'INV-2024-00417',
  vendor: { name: 'Nimbus Hosting GmbH', vat_id: 'DE 291 847 553' },
  issue_date: '2024-05-31',
  currency: 'EUR',
  line_items: lineItems,
  subtotal: 532.12,
  tax: 101.1,
  total: 633.22,
  paid: false,
};

const FENCE = '```';

// Prose around a fenced block, as chat models usually answer.
const text = String.raw`Here is the extracted invoice:

${FENCE}json
{
  "invoice_number": "INV-2024-00417",
  "vendor": { "name": "Nimbus Hosting GmbH", "vat_id": "DE 291 847 553" },
  "issue_date": "2024-05-31",
  "currency": "EUR",
  "line_items": [
    { "description": "Cloud compute \u2014 2 vCPU instances", "quantity": 720, "unit_price": 0.046, "total": 33.12 },
    { "description": "Block storage (GB-month)", "quantity": 500, "unit_price": 0.1, "total": 50 },
    { "description": "Object storage egress (GB)", "quantity": 1240, "unit_price": 0.09, "total": 111.6 },
    { "description": "Managed PostgreSQL, db.m5.large", "quantity": 1, "unit_price": 189, "total": 189 },
    { "description": "Load balancer hours", "quantity": 720, "unit_price": 0.025, "total": 18 },
    { "description": "Support plan \"Business\"", "quantity": 1, "unit_price": 100, "total": 100 },
    { "description": "Static IPv4 addresses", "quantity": 4, "unit_price": 3.6, "total": 14.4 },
    { "description": "Snapshot storage (GB-month)", "quantity": 320, "unit_price": 0.05, "total": 16 }
  ],
  "subtotal": 532.12,
  "tax": 101.1,
  "total": 633.22,
  "paid": false
}
${FENCE}

The totals match the printed amount due.`;

export const invoicePreset: Preset = {
  id: 'invoice',
  title: 'Invoice extraction',
  description: 'JSON with records: vendor, line items, totals',
  input: 'Extract the invoice fields from the scanned PDF text.',
  output,
  format: 'json',
  data,
  recorded: { format: 'json', text },
};
