/** The first word of a name, for a friendly greeting. */
export function firstName(name: string | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}
