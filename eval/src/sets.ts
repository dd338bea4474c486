/**
 * Which question sets tune and which check (the project's rule, from ../shared/data/questions/
 * README.md: "Facebook and Pandora are the tuning sets … CAMP4 and Twitter 10-K are check sets").
 * Any other set (a filing never seen, FinanceBench) is `other`. Data, not logic: a new set is named
 * here once.
 */
const GROUPS: Record<string, 'tuning' | 'check'> = {
  'facebook-s1': 'tuning',
  'pandora-s1': 'tuning',
  'camp4-424b4': 'check',
  'twitter-10k-2013': 'check',
}

/** The group of a question set, from its file name (`facebook-s1.jsonl` → tuning). */
export function setGroup(set: string): 'tuning' | 'check' | 'other' {
  return GROUPS[set.replace(/\.jsonl?$/i, '')] ?? 'other'
}
