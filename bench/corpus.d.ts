export function pageSlug(index: number): string;
export function renderCorpusPage(index: number, count: number, edition?: number): string;
export function writeCorpus(folder: string, count: number): string[];
