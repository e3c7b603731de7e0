import type { Hosts } from '@/core/hosts'

/** Every host of the request core (R7.2–R7.5) at one origin: a test's own server answers all its calls. */
export const hostsAt = (origin: string): Hosts => ({ api: origin, live: origin, stats: origin, mobile: origin })
