import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import { PageState } from '@/components/page-state'
import { withTopBar } from '@/components/top-bar'
import { setPageTitle } from '@/platform/title'
import { isLegalDoc, LEGAL_DOCS, paragraphs } from './texts'
import './legal.scss'

/** 用户协议 (`?doc=agreement`) or 隐私政策 (`?doc=privacy`), opened from the login's consent line. */
function LegalPage() {
  const { params } = useRouter()
  const doc = isLegalDoc(params.doc) ? LEGAL_DOCS[params.doc] : null
  useEffect(() => {
    if (doc) void setPageTitle(doc.title)
  }, [doc])
  if (!doc) return <PageState error='文档不存在' />
  return (
    <View className='legal'>
      <Text className='legal__title'>{doc.title}</Text>
      {paragraphs(doc.text).map((p, i) => (
        <Text key={i} className='legal__para'>
          {p}
        </Text>
      ))}
    </View>
  )
}

export default withTopBar(LegalPage)
