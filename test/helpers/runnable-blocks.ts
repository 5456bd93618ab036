/** A fenced code block of a Markdown file marked `<!-- runnable: NAME -->` on a line before it. */
export interface RunnableBlock {
  readonly name: string;
  readonly language: string;
  readonly code: string;
}

/**
 * The code blocks of a Markdown text that are marked runnable, in order. Only a marker, a blank
 * line and the fence may follow each other, so a marker cannot drift away from its block.
 */
export function runnableBlocks(markdown: string): RunnableBlock[] {
  const blocks: RunnableBlock[] = [];
  const pattern = /<!-- runnable: ([\w-]+) -->\n\n?```(\w+)\n([\s\S]*?)\n```/g;
  for (const match of markdown.matchAll(pattern)) {
    blocks.push({ name: match[1] as string, language: match[2] as string, code: `${match[3] as string}\n` });
  }
  const markers = markdown.match(/<!-- runnable:/g)?.length ?? 0;
  if (markers !== blocks.length) throw new Error(`${markers} runnable markers but ${blocks.length} blocks after them`);
  return blocks;
}
