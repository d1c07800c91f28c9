// Sizes the page accepts from its controls and links. The core accepts more (see buildInfo());
// these keep every view drawable and responsive.
export const PAGE_LIMITS = { maxTokens: 64, maxWidth: 64, maxSeed: 2 ** 31 - 1 };
