/** The currency name (spec R9.1, R1.4). */
export const CURRENCY = '慧币'
