export async function startDevServer(..._args: unknown[]): Promise<void> { throw new Error("not yet"); }
