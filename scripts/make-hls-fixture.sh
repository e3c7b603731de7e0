#!/usr/bin/env bash
# Makes server/fixtures/hls once (Debian's ffmpeg and fonts-noto-cjk; the result is committed, CI stays ffmpeg-free):
# a 12 s clip in two renditions, 720p and 360p (each labelled with its height, a seconds counter and a moving box so a
# switch and a seek are visible), H.264 Main + AAC mono, a key frame every 0.5 s, cut into 0.5 s MPEG-TS parts. The
# reference server serves 2 s segments as four parts concatenated (server/streams/hls.ts), and the parts themselves as
# low-latency HLS parts. An audio-only rendition (radio, audio programmes) is the 360p parts' sound, part by part.
set -euo pipefail
mkdir -p "$(dirname "$0")/../server/fixtures/hls"
cd "$(dirname "$0")/../server/fixtures/hls"
FONT=/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
rm -rf 720p 360p audio
for spec in 720:1280:450k 360:640:160k; do
  IFS=: read -r H W RATE <<<"$spec"
  BOX=$((H / 5))
  mkdir -p "${H}p"
  ffmpeg -hide_banner -loglevel error \
    -f lavfi -i "gradients=size=${W}x${H}:rate=24:duration=12:c0=0x16324f:c1=0x3a1f5c:speed=0.02" \
    -f lavfi -i "color=c=0xff8300:size=${BOX}x${BOX}:rate=24:duration=12" \
    -f lavfi -i "sine=frequency=330:sample_rate=44100:duration=12,volume=0.12" \
    -filter_complex "[0][1]overlay=x='(W-w)*(0.5+0.45*sin(2*PI*t/12))':y=H*0.62,drawtext=fontfile=$FONT:text='${H}P':fontsize=h/6:fontcolor=white:x=(w-tw)/2:y=h*0.15,drawtext=fontfile=$FONT:text='%{eif\:t\:d}':fontsize=h/10:fontcolor=white@0.8:x=(w-tw)/2:y=h*0.4[v]" \
    -map '[v]' -map 2 \
    -c:v libx264 -profile:v main -level:v 3.1 -preset veryslow -b:v "$RATE" -maxrate "$RATE" -bufsize "$RATE" \
    -g 12 -keyint_min 12 -sc_threshold 0 -force_key_frames 'expr:gte(t,n_forced*0.5)' \
    -c:a aac -b:a 32k -ac 1 \
    -f hls -hls_time 0.5 -hls_playlist_type vod -hls_segment_filename "${H}p/part%d.ts" "${H}p/index.m3u8"
done

# audio only: each 360p part without its picture (the same timestamps, so the parts line up)
mkdir -p audio
for part in 360p/part*.ts; do
  ffmpeg -hide_banner -loglevel error -i "$part" -map 0:a -c copy -f mpegts "audio/$(basename "$part")"
done
sed 's/^#EXT-X-TARGETDURATION:.*/#EXT-X-TARGETDURATION:1/' 360p/index.m3u8 > audio/index.m3u8
