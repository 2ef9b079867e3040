# report --html -: one self-contained page (no external resource), the summary's tables and two inline SVG charts
args: report --kernel 6.12 --html - ../../build/fleet/eeepc-nowed ../../build/fleet/asus-dup
status: 0
--- stdout
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<title>wmishim report</title>
<style>
body{font-family:sans-serif;margin:1em 2em;color:#222}
table{border-collapse:collapse;margin-bottom:1em}
th,td{border:1px solid #bbb;padding:2px 6px;text-align:left;font-size:90%}
th{background:#eee}
td.n{text-align:right}
figure{display:inline-block;margin:0 2em 1em 0}
svg text{font-size:12px;font-family:monospace}
td.good{background:#d8f0d8}
td.odd{background:#f8ecc8}
td.bad{background:#f4d0d0}
td.untested{background:#e4e4e4}
td.broke{outline:3px solid #b00}
</style>
</head>
<body>
<h1>wmishim report</h1>
<pre>2 machines: 2 read, 0 failed; 2 with WMI devices
Linux 6.12: 3 WMI devices, 6 blocks, 6 in /sys/bus/wmi/devices; 3 errors, 1 warning, 3 info
</pre>
<figure><svg xmlns="http://www.w3.org/2000/svg" width="680" height="114" role="img"><title>Machines with each finding (first kernel)</title>
<text x="254" y="15" text-anchor="end">NS_ENABLE_MISSING</text><rect x="260" y="2" width="360" height="18" fill="#4a7ab5"/><text x="624" y="15">2</text>
<text x="254" y="37" text-anchor="end">NS_DUPLICATE_GUID</text><rect x="260" y="24" width="180" height="18" fill="#4a7ab5"/><text x="444" y="37">1</text>
<text x="254" y="59" text-anchor="end">NS_WED_MISSING</text><rect x="260" y="46" width="180" height="18" fill="#4a7ab5"/><text x="444" y="59">1</text>
<text x="254" y="81" text-anchor="end">OSI_HIDDEN_DEVICE</text><rect x="260" y="68" width="180" height="18" fill="#4a7ab5"/><text x="444" y="81">1</text>
<text x="254" y="103" text-anchor="end">WDG_SAMPLE_GUID</text><rect x="260" y="90" width="180" height="18" fill="#4a7ab5"/><text x="444" y="103">1</text>
</svg><figcaption>Machines with each finding (first kernel)</figcaption></figure>
<figure><svg xmlns="http://www.w3.org/2000/svg" width="680" height="70" role="img"><title>GUIDs seen per driver module (first kernel)</title>
<text x="254" y="15" text-anchor="end">eeepc_wmi</text><rect x="260" y="2" width="360" height="18" fill="#4a7ab5"/><text x="624" y="15">2</text>
<text x="254" y="37" text-anchor="end">asus_nb_wmi</text><rect x="260" y="24" width="180" height="18" fill="#4a7ab5"/><text x="444" y="37">1</text>
<text x="254" y="59" text-anchor="end">wmi_bmof</text><rect x="260" y="46" width="180" height="18" fill="#4a7ab5"/><text x="444" y="59">1</text>
</svg><figcaption>GUIDs seen per driver module (first kernel)</figcaption></figure>
<h2 id="failed">Failed</h2>
<p>None.</p>
<h2 id="findings">Findings (machines with the finding, findings in all)</h2>
<table>
<tr><th>kernel</th><th>code</th><th>severity</th><th>machines</th><th>findings</th></tr>
<tr><td>6.12</td><td>NS_ENABLE_MISSING</td><td>info</td><td class="n">2</td><td class="n">3</td></tr>
<tr><td>6.12</td><td>NS_DUPLICATE_GUID</td><td>error</td><td class="n">1</td><td class="n">1</td></tr>
<tr><td>6.12</td><td>NS_WED_MISSING</td><td>error</td><td class="n">1</td><td class="n">1</td></tr>
<tr><td>6.12</td><td>OSI_HIDDEN_DEVICE</td><td>error</td><td class="n">1</td><td class="n">1</td></tr>
<tr><td>6.12</td><td>WDG_SAMPLE_GUID</td><td>warning</td><td class="n">1</td><td class="n">1</td></tr>
</table>
<h2 id="guids">GUIDs (machines; the modules that bind each on each kernel)</h2>
<table>
<tr><th>GUID</th><th>kind</th><th>machines</th><th>6.12</th></tr>
<tr><td>05901221-D566-11D1-B2F0-00A0C9062910</td><td>data</td><td class="n">1</td><td>wmi_bmof</td></tr>
<tr><td>0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C</td><td>event</td><td class="n">1</td><td>asus_nb_wmi</td></tr>
<tr><td>466747A0-70EC-11DE-8A39-0800200C9A66</td><td>method</td><td class="n">1</td><td>-</td></tr>
<tr><td>97845ED0-4E6D-11DE-8A39-0800200C9A66</td><td>method</td><td class="n">1</td><td>-</td></tr>
<tr><td>ABBC0F72-8EA1-11D1-00A0-C90629100000</td><td>event</td><td class="n">1</td><td>eeepc_wmi</td></tr>
</table>
<h2 id="left-out">Drivers' GUIDs without a device or a required method</h2>
<table>
<tr><th>machine</th><th>kernel</th><th>device</th><th>GUID</th><th>drivers</th><th>what</th></tr>
<tr><td>../../build/fleet/eeepc-nowed</td><td>6.12</td><td>\_SB_.AMW0 [2]</td><td>ABBC0F72-8EA1-11D1-00A0-C90629100000</td><td>eeepc_wmi</td><td>_WED missing</td></tr>
</table>
</body>
</html>
