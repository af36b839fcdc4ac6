/** Responses carry ISO-8601 strings (ARCHITECTURE section 4). */
export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
