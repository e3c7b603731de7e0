import Taro from '@tarojs/taro'

/** Local storage records wrap the value in one field, data (spec R3.57). */
export interface StorageRecord<T> {
  data: T
}

export function getItem<T>(key: string): T | undefined {
  try {
    const record = Taro.getStorageSync(key) as StorageRecord<T> | '' | undefined
    if (record && typeof record === 'object' && 'data' in record) return record.data
  } catch {
    // unreadable record: treated as absent
  }
  return undefined
}

export function setItem<T>(key: string, value: T): void {
  const record: StorageRecord<T> = { data: value }
  Taro.setStorageSync(key, record)
}

export function removeItem(key: string): void {
  Taro.removeStorageSync(key)
}
