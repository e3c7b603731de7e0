/** The live room's calls (spec section 7, "Live room"). */
import { Type } from 'typebox'
import { defineCall } from './call'
import { F, Obj, Payload, Url } from './schema'

/** A gift of the room's gift panel (R3.37). */
export const Gift = Obj({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Integer({ minimum: 0, description: '慧币' }),
  icon: Url(),
  effect: Type.String()
})

export const giftsList = defineCall({
  spec: ['R7.66'],
  summary: '礼物列表',
  method: 'POST',
  path: '/api/v1/userapp/living/gifts/list',
  payload: Payload({ roomid: F.int() }),
  data: Type.Array(Gift)
})
