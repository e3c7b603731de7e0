import Taro from '@tarojs/taro'
import { typeError } from '@/utils/params'

/** Local storage records wrap the value in one field, data (spec R3.57). */
export interface StorageRecord<T> {
  data: T
}

/** Storage keys must be strings (R5.22): another key throws `method:fail parameter error: …` (R8.18, R8.19). */
function checkKey(method: string, key: unknown) {
  if (typeof key !== 'string') throw typeError(method, 'key', 'String', key)
}

export function getItem<T>(key: string): T | undefined {
  checkKey('getItem', key)
  try {
    const record = Taro.getStorageSync<StorageRecord<T> | '' | undefined>(key)
    if (record && typeof record === 'object' && 'data' in record) return record.data
  } catch {
    // unreadable record: treated as absent
  }
  return undefined
}

export function setItem<T>(key: string, value: T): void {
  checkKey('setItem', key)
  const record: StorageRecord<T> = { data: value }
  Taro.setStorageSync(key, record)
}

export function removeItem(key: string): void {
  checkKey('removeItem', key)
  Taro.removeStorageSync(key)
}
