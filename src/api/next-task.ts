// A new task: the browser may paint and answer a tap before what follows. scheduler.yield where
// the browser has it (the continuation keeps its place ahead of other work), else a message to
// this page (a timer would wait 4 ms once nested).
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => (channel.port1.close(), resolve())
    channel.port2.postMessage(null)
  })
}
