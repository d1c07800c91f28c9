// Sizes the page accepts from its controls and links. The core accepts more (see buildInfo());
// these keep every view drawable and responsive.
// maxChars lets a pasted text of 2,000 words arrive whole, so the page can say how many words
// it has and which it keeps, rather than the input cutting it silently.
export const PAGE_LIMITS = { maxTokens: 64, maxWidth: 64, maxSeed: 2 ** 31 - 1, maxChars: 20000 };
