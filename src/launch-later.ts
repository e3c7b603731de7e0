import { launch } from './launch'

/** Mini-program: the launch work starts with the app (its first page's setData already waits for its own data). */
export function launchLater(query: Record<string, string>, path: string): void {
  launch(query, path)
}
