#!/bin/sh
# Regenerates the reference outputs of WordNet's own wn command (Debian's
# wordnet 1:3.0-37 over wordnet-base 1:3.0-37) that TestWN compares
# against. Run from this directory with wn installed
# (apt-get install wordnet): sh gen.sh
set -eu
while read -r word opt; do
	[ -n "$word" ] || continue
	word=$(printf '%s' "$word" | tr _ ' ')
	file=$(printf '%s' "$word" | tr ' ' _).${opt#-}
	wn "$word" "$opt" > "$file" || true # wn exits with the number of senses
done <<'LIST'
car -synsn
run -synsv
good -synsa
quickly -synsr
dogs -synsn
better -synsa
better -synsr
abortion -synsn
euthanasia -synsn
legalize -synsv
death_penalty -synsn
capital_punishment -synsn
vaccination -synsn
vaccinate -synsv
vaccines -synsn
nuclear -synsa
nuclear_energy -synsn
ban -synsn
ban -synsv
banned -synsv
school_uniforms -synsn
uniform -synsn
abolish -synsv
ran -synsv
axes -synsn
children -synsn
women -synsn
marijuana -synsn
legalized -synsv
guns -synsn
immigration -synsn
renewable -synsa
energy -synsn
taxes -synsn
compulsory -synsa
homework -synsn
vegetarianism -synsn
allowed -synsv
gave_up -synsv
freedom_of_speech -synsn
e-mail -synsn
handsful -synsn
ineffective -synsa
legally -synsr
policies -synsn
countries -synsn
businesses -synsn
churches -synsn
boxes -synsn
wishes -synsn
policemen -synsn
freedoms_of_speech -synsn
e_mail -synsn
studies -synsv
vaccinated -synsv
taxing -synsv
carrying_out -synsv
took_into_accounts -synsv
cheaper -synsa
nicer -synsa
safest -synsa
take_into_accounts -synsv
singing -synsv
LIST
