import { makeAutoObservable } from 'mobx'
import type { TabKey } from '@/router/pages'

/** UI state shared across pages: which tab is current (the custom tab bar reads it on both targets). */
export class UiStore {
  currentTab: TabKey = 'home'
  notFoundPath: string | null = null

  constructor() {
    makeAutoObservable(this)
  }

  setTab(tab: TabKey) {
    this.currentTab = tab
  }

  setNotFound(path: string | null) {
    this.notFoundPath = path
  }
}

export const uiStore = new UiStore()
