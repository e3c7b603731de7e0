/** Mini-program: no pre-rendered first screen (the package holds the pages); nothing to hide. */
export function hideFirstScreen(): void {}
